// A test imports BatonTesting alone for the kit: RecordingHealPolicy stays where the heal
// policies are (BatonHeal, whose public API does not move) and comes along from here.
@_exported import BatonHeal
