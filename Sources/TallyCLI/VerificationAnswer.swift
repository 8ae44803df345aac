import Foundation
import TallyCore

/// Reads the rows of `wrangler d1 execute --command … --json`: an array with one
/// `{"results":[{…row…}], "success":true, "meta":{…}}` per statement.
enum VerificationAnswer {
    /// Why an answer could not be read.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    /// The rows of every statement's results.
    static func parse(_ text: String) throws -> [SyncPush.Answer] {
        guard let data = text.data(using: .utf8), let top = try? JSONSerialization.jsonObject(with: data) else {
            throw Unreadable(description: "it is not JSON")
        }
        guard let statements = top as? [[String: Any]] else {
            throw Unreadable(description: "it is not an array of statement results")
        }
        var answers: [SyncPush.Answer] = []
        for statement in statements {
            if let success = statement["success"] as? Bool, !success {
                throw Unreadable(description: "a statement did not succeed")
            }
            guard let rows = statement["results"] as? [[String: Any]] else {
                throw Unreadable(description: "a statement result has no results array")
            }
            for row in rows {
                guard let note = int(row["note"]), let version = int(row["version"]) else {
                    throw Unreadable(description: "a row lacks note or version")
                }
                let applied = int(row["applied"]) == 1
                var remote: SyncRemoteDecision?
                if let action = row["remote_action"] as? String {
                    remote = SyncRemoteDecision(
                        action: action, to: row["remote_to_status"] as? String ?? "",
                        moderator: row["remote_moderator"] as? String ?? "",
                        createdAt: row["remote_created_at"] as? String ?? "", version: version)
                }
                // Without the columns (an older query), D1's note is taken to be the one decided on.
                var remoteNote = SyncPush.RemoteNote.same
                if int(row["note_present"]) == 0 {
                    remoteNote = .missing
                } else if int(row["same_note"]) == 0 {
                    remoteNote = .changed(row["remote_content"] as? String ?? "")
                }
                answers.append(
                    SyncPush.Answer(
                        note: note, version: version, applied: applied, remote: remote, remoteNote: remoteNote))
            }
        }
        return answers
    }

    private static func int(_ value: Any?) -> Int64? {
        if let number = value as? NSNumber { return number.int64Value }
        if let text = value as? String { return Int64(text) }
        return nil
    }
}
