// The shared test helpers (temporary folders, the sqlite3 shell, the tally binary, golden files).
@_exported import TallyTestSupport
