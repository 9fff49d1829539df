// The umbrella (DESIGN §2): `import Baton` gives the runtime modules. A team that wants
// fewer imports the modules it picks instead.
@_exported import BatonHeal
@_exported import BatonImage
@_exported import BatonNormalizer
@_exported import BatonStore
