-- StrategySpec v2 (issue 14): every stored v1 spec becomes v2. v2 only adds constructs to v1, so the
-- migration of a document is its version set to 2 (worker/strategy/spec-version.ts migrateSpec, the same
-- rule for documents read from elsewhere). Rows already at v2, or not JSON objects, are left alone.
UPDATE `strategy_specs` SET `spec` = json_set(`spec`, '$.specVersion', 2)
WHERE json_valid(`spec`) AND json_type(`spec`) = 'object' AND json_extract(`spec`, '$.specVersion') = 1;
