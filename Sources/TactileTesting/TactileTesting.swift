// The fake-seat harness (`FakeSeatSession`) and, re-exported, the core-only helpers of
// `TactileCoreTesting` (manual clock, touch scripts, event logs, `TestApplication`): an app's tests need
// only `import TactileTesting`.
@_exported import TactileCoreTesting
