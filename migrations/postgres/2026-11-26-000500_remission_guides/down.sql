DROP TABLE remission_guide_lines;
DROP TABLE remission_guides;
