"""The references a build's index store records, read through libIndexStore's C API.

The compiler writes one unit per compiled file (its main file and the records it depends
on) and one record per source file (every occurrence of a symbol: its USR, roles, line and
column). A unit is rewritten on every build of its file, so the newest unit for a main file
is the current one.
"""

import ctypes
import os
from dataclasses import dataclass

ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8
DEPENDENCY_RECORD = 2


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8") if self.length else ""


@dataclass(frozen=True)
class Reference:
    """One use of a symbol in a source file (line and column are 1-based; the column counts
    UTF-8 bytes)."""

    path: str
    line: int
    column: int
    usr: str
    name: str


class IndexStoreError(Exception):
    pass


def _library(path):
    lib = ctypes.CDLL(path)
    pointer = ctypes.c_void_p
    signatures = {
        "indexstore_store_create": (pointer, [ctypes.c_char_p, ctypes.POINTER(pointer)]),
        "indexstore_store_dispose": (None, [pointer]),
        "indexstore_error_get_description": (ctypes.c_char_p, [pointer]),
        "indexstore_error_dispose": (None, [pointer]),
        "indexstore_store_units_apply_f": (ctypes.c_bool, [pointer, ctypes.c_uint, pointer, pointer]),
        "indexstore_unit_reader_create": (pointer, [pointer, ctypes.c_char_p, ctypes.POINTER(pointer)]),
        "indexstore_unit_reader_dispose": (None, [pointer]),
        "indexstore_unit_reader_get_main_file": (StringRef, [pointer]),
        "indexstore_unit_reader_is_system_unit": (ctypes.c_bool, [pointer]),
        "indexstore_unit_reader_get_modification_time": (
            None,
            [pointer, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)],
        ),
        "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [pointer, pointer, pointer]),
        "indexstore_unit_dependency_get_kind": (ctypes.c_int, [pointer]),
        "indexstore_unit_dependency_get_name": (StringRef, [pointer]),
        "indexstore_unit_dependency_get_filepath": (StringRef, [pointer]),
        "indexstore_record_reader_create": (pointer, [pointer, ctypes.c_char_p, ctypes.POINTER(pointer)]),
        "indexstore_record_reader_dispose": (None, [pointer]),
        "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [pointer, pointer, pointer]),
        "indexstore_occurrence_get_symbol": (pointer, [pointer]),
        "indexstore_occurrence_get_roles": (ctypes.c_uint64, [pointer]),
        "indexstore_occurrence_get_line_col": (
            None,
            [pointer, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)],
        ),
        "indexstore_symbol_get_usr": (StringRef, [pointer]),
        "indexstore_symbol_get_name": (StringRef, [pointer]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
    return lib


_NAME_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, StringRef)
_POINTER_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)


def _raise(lib, error, what):
    message = lib.indexstore_error_get_description(error).decode("utf-8", "replace") if error else "unknown error"
    if error:
        lib.indexstore_error_dispose(error)
    raise IndexStoreError(f"{what}: {message}")


def references(store_path, roots, wanted, library_path):
    """Every reference to a USR in `wanted` from a source file under one of `roots`.

    Returns the references and the source files the store covers; raises IndexStoreError
    when the store cannot be read or a covered file changed after it was indexed.
    """
    lib = _library(library_path)
    roots = [os.path.realpath(root) + os.sep for root in roots]
    error = ctypes.c_void_p()
    store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        _raise(lib, error, f"cannot open the index store {store_path}")
    try:
        # main file -> (modification time, [(record name, source file)])
        newest = {}
        unit_names = []

        def collect_unit(_, name):
            unit_names.append(name.text())
            return True

        lib.indexstore_store_units_apply_f(store, 0, None, _NAME_APPLIER(collect_unit))
        for unit_name in unit_names:
            unit = lib.indexstore_unit_reader_create(store, unit_name.encode(), ctypes.byref(error))
            if not unit:
                _raise(lib, error, f"cannot read the unit {unit_name}")
            try:
                main = os.path.realpath(lib.indexstore_unit_reader_get_main_file(unit).text())
                if lib.indexstore_unit_reader_is_system_unit(unit) or not main.startswith(tuple(roots)):
                    continue
                seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
                lib.indexstore_unit_reader_get_modification_time(unit, ctypes.byref(seconds), ctypes.byref(nanoseconds))
                stamp = seconds.value + nanoseconds.value / 1e9
                records = []

                def collect_record(_, dependency):
                    if lib.indexstore_unit_dependency_get_kind(dependency) == DEPENDENCY_RECORD:
                        path = os.path.realpath(lib.indexstore_unit_dependency_get_filepath(dependency).text())
                        if path.startswith(tuple(roots)):
                            records.append((lib.indexstore_unit_dependency_get_name(dependency).text(), path, stamp))
                    return True

                lib.indexstore_unit_reader_dependencies_apply_f(unit, None, _POINTER_APPLIER(collect_record))
                if main not in newest or newest[main][0] < stamp:
                    newest[main] = (stamp, records)
            finally:
                lib.indexstore_unit_reader_dispose(unit)

        found = []
        files = set()
        for main, (stamp, records) in sorted(newest.items()):
            if not os.path.exists(main):
                continue
            if os.path.getmtime(main) > stamp:
                raise IndexStoreError(f"{main} changed after the index store was written; build again first.")
            for record_name, path in {(name, path) for name, path, _ in records}:
                files.add(path)
                found.extend(_record_references(lib, store, record_name, path, wanted))
        return sorted(set(found), key=lambda r: (r.path, r.line, r.column, r.usr)), files
    finally:
        lib.indexstore_store_dispose(store)


def _record_references(lib, store, record_name, path, wanted):
    error = ctypes.c_void_p()
    record = lib.indexstore_record_reader_create(store, record_name.encode(), ctypes.byref(error))
    if not record:
        _raise(lib, error, f"cannot read the record {record_name}")
    found = []

    def visit(_, occurrence):
        roles = lib.indexstore_occurrence_get_roles(occurrence)
        # Implicit references are the compiler's own calls, chosen by availability where it
        # matters: `for await` calls next(isolation:) only where that exists, next() below.
        if roles & ROLE_REFERENCE and not roles & (ROLE_DECLARATION | ROLE_DEFINITION | ROLE_IMPLICIT):
            symbol = lib.indexstore_occurrence_get_symbol(occurrence)
            usr = lib.indexstore_symbol_get_usr(symbol).text()
            if usr in wanted:
                line, column = ctypes.c_uint(), ctypes.c_uint()
                lib.indexstore_occurrence_get_line_col(occurrence, ctypes.byref(line), ctypes.byref(column))
                name = lib.indexstore_symbol_get_name(symbol).text()
                found.append(Reference(path, line.value, column.value, usr, name))
        return True

    try:
        lib.indexstore_record_reader_occurrences_apply_f(record, None, _POINTER_APPLIER(visit))
    finally:
        lib.indexstore_record_reader_dispose(record)
    return found
