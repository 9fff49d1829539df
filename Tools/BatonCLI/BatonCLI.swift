// BatonCLI: the `baton` command's subcommands and its small argument parser.
