import { ORDER_FILTER_PHRASINGS } from "./order-filter-phrasings.fixture";
import { replayOrderCases } from "./order-replay.fixture";

// Each of the project's order-filter and tier wordings (order-filter-phrasings.fixture.ts) is read as a first
// description.
replayOrderCases("order-management filter and equity tier phrasings", ORDER_FILTER_PHRASINGS);
