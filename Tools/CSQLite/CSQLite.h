// The system's SQLite for baton-bench store-scale, the peer Baton's image is measured
// beside. Only the development package links it; the library products never do.
#ifndef BATON_CSQLITE_H
#define BATON_CSQLITE_H

#include <sqlite3.h>

#endif
