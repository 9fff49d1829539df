import BatonCLI
