-- totals: sessions and votes with and without the excluded sessions, and the first and last vote of all.
--
{{parameters}}
WITH {{params_votes}},
{{vote_plain}},
{{considered}},
{{session_plain}},
{{excluded}},
{{counted}}
SELECT (SELECT COUNT(*) FROM session) AS voters_all,
       (SELECT COUNT(*) FROM considered) AS votes_all,
       (SELECT COUNT(*) FROM session WHERE session_id NOT IN (SELECT session_id FROM excluded)) AS voters,
       (SELECT COUNT(*) FROM counted) AS votes,
       (SELECT MIN(t) FROM considered) AS first_vote_all,
       (SELECT MAX(t) FROM considered) AS last_vote_all;
