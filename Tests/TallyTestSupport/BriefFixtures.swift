/// Text quoted from the design brief, used by several suites.
package enum BriefFixtures {
    /// The author's own query from the brief, verbatim: it must run unchanged on the toolkit's schema.
    package static let authorsQuery = """
        WITH test AS (
          SELECT session_id FROM votes
          GROUP BY session_id HAVING MIN(created_at) < '2026-09-18 18:11'
        )
        SELECT o.content, COUNT(v.id) AS votes, COUNT(DISTINCT v.session_id) AS voters
        FROM survey_options o
        LEFT JOIN votes v ON v.option_id = o.id
          AND v.session_id NOT IN (SELECT session_id FROM test)
        WHERE o.section = 'original'
        GROUP BY o.id ORDER BY votes DESC;
        """
}
