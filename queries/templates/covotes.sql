-- covotes: pairs of options of one section chosen by the same counted voters, with the lift over independent voters who chose as many.
--
{{parameters}}
-- expected = sum over m (sessions that chose m >= 2 of the section's options; n_m of them, p_i = option i's voters
-- among them / n_m, d = sum of p_i(1-p_i)) of n_m * scale_m * p_a p_b (1 - (1-p_a)(1-p_b)/d): choices independent
-- given their number (conditional Poisson sampling, Hajek's approximation of its pair probability), scaled so a
-- stratum's pairs add up to n_m * m(m-1)/2.
-- lift = voters(a and b) / expected (0 when nothing is expected): 1 is what independent choices give given
-- their number; the 3-vote budget alone pushes the plain lift (voters * N / (voters(a) * voters(b))) below 1.
-- Sessions are compared only with sessions that could choose the same options (`votable`: those that existed at the
-- session's last counted vote, as in choices.sql), so a late option's baseline is among the sessions that saw it:
-- the sums above run over strata of (votable, m).
-- Every pair of options of a section that both have counted voters is listed, a < b by id.
WITH {{params_votes}},
{{vote_ranked}},
{{considered}},
{{session_ranked}},
{{excluded}},
{{counted}},
option AS (  -- options that existed at `through`, as the ranking lists them
  SELECT o.id, o.section FROM survey_options AS o, params
  WHERE params.through IS NULL OR o.created_at IS NULL
     OR NOT (o.created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][ T][0-9][0-9]:[0-9][0-9]*'
             AND instr(substr(o.created_at, 17), ' ') = 0 AND substr(o.created_at, 1, 4) <> '0000'
             AND datetime(julianday(o.created_at)) = datetime(o.created_at))
     OR strftime('%Y-%m-%d %H:%M:%f', o.created_at) <= strftime('%Y-%m-%d %H:%M:%f', params.through)
),
every_option AS (  -- every option with its creation time, for which options a session could choose
  SELECT id,
         {{time created_at}} AS t
  FROM survey_options
),
{{last_vote}},
votable AS (  -- per counted session, the options it could choose, ascending, joined by commas
  SELECT DISTINCT l.session_id,
         group_concat(o.id, ',') OVER (
           PARTITION BY l.session_id ORDER BY o.id
           ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS votable
  FROM last_vote AS l JOIN every_option AS o ON o.t IS NULL OR l.last IS NULL OR o.t <= l.last
),
chose AS (  -- one row per counted session and option it chose (stacked votes count once)
  SELECT DISTINCT counted.session_id, counted.option_id FROM counted JOIN option ON option.id = counted.option_id
),
by_option AS (
  SELECT option_id, COUNT(*) AS voters FROM chose GROUP BY option_id
),
sized AS (  -- per counted session and section: the options it could choose and how many of the section's it chose
  SELECT chose.session_id, COALESCE(votable.votable, '') AS v, option.section, COUNT(*) AS m
  FROM chose JOIN option ON option.id = chose.option_id
  LEFT JOIN votable ON votable.session_id = chose.session_id
  GROUP BY chose.session_id, option.section
),
stratum_option AS (
  SELECT option.section, sized.v, sized.m, chose.option_id, COUNT(*) AS c
  FROM chose JOIN option ON option.id = chose.option_id
  JOIN sized ON sized.session_id = chose.session_id AND sized.section = option.section
  WHERE sized.m >= 2 GROUP BY option.section, sized.v, sized.m, chose.option_id
),
stratum AS (
  SELECT section, v, m, COUNT(*) AS n FROM sized WHERE m >= 2 GROUP BY section, v, m
),
stratum_share AS (
  SELECT so.section, so.v, so.m, stratum.n, so.option_id, 1.0 * so.c / stratum.n AS p
  FROM stratum_option AS so
  JOIN stratum ON stratum.section = so.section AND stratum.v = so.v AND stratum.m = so.m
),
stratum_sums AS (
  SELECT section, v, m, n, SUM(p * p) AS s2, SUM(p * (1 - p)) AS d, SUM((p * (1 - p)) * (p * (1 - p))) AS q2
  FROM stratum_share GROUP BY section, v, m
),
stratum_weight AS (  -- scale so that a stratum's pairs add up to n * m(m-1)/2
  SELECT section, v, m, n, d,
         CASE WHEN total > 0 THEN m * (m - 1) / 2.0 / total ELSE 0 END AS scale
  FROM (SELECT section, v, m, n, d,
               0.5 * (1.0 * m * m - s2) - CASE WHEN d > 0 THEN 0.5 * (d * d - q2) / d ELSE 0 END AS total
        FROM stratum_sums)
),
expected AS (
  SELECT x.option_id AS a, y.option_id AS b,
         SUM(w.n * w.scale * x.p * y.p * CASE WHEN w.d > 0 THEN 1 - (1 - x.p) * (1 - y.p) / w.d ELSE 1 END) AS e
  FROM stratum_share AS x
  JOIN stratum_share AS y ON y.section = x.section AND y.v = x.v AND y.m = x.m AND y.option_id > x.option_id
  JOIN stratum_weight AS w ON w.section = x.section AND w.v = x.v AND w.m = x.m
  GROUP BY x.option_id, y.option_id
),
both_chosen AS (
  SELECT x.option_id AS a, y.option_id AS b, COUNT(*) AS voters
  FROM chose AS x JOIN chose AS y ON y.session_id = x.session_id AND y.option_id > x.option_id
  GROUP BY x.option_id, y.option_id
)
SELECT oa.section,
       oa.id AS a,
       ob.id AS b,
       COALESCE(both_chosen.voters, 0) AS voters,
       ROUND(COALESCE(expected.e, 0), 4) AS expected,
       CASE WHEN expected.e > 0 THEN ROUND(COALESCE(both_chosen.voters, 0) / expected.e, 4) ELSE 0 END AS lift
FROM option AS oa
JOIN option AS ob ON ob.section = oa.section AND ob.id > oa.id
JOIN by_option AS ca ON ca.option_id = oa.id
JOIN by_option AS cb ON cb.option_id = ob.id
LEFT JOIN both_chosen ON both_chosen.a = oa.id AND both_chosen.b = ob.id
LEFT JOIN expected ON expected.a = oa.id AND expected.b = ob.id
ORDER BY CASE oa.section WHEN 'original' THEN 0 WHEN 'community' THEN 1 ELSE 2 END, oa.section,
         voters DESC, a, b;
