import { ORDER_PHRASINGS } from "./order-phrasings.fixture";
import { replayOrderCases } from "./order-replay.fixture";

// Each of the project's order and clock wordings (order-phrasings.fixture.ts) is read as a first description.
replayOrderCases("pending order and clock phrasings", ORDER_PHRASINGS);
