import TallyCore

/// A lost race (the note changed since it was read, or the same decision was
/// already made) exits with 3, so scripts can tell it from other failures (1).
extension ModerationError: ExitCodeProviding {
    package var exitCode: ExitCode { isConflict ? .conflict : .failure }
}
