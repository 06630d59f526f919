/* swift-log must be bootstrapped once, before the first Logger is made, and neither
 * swift-testing nor XCTest on Linux has a hook that runs before every test of every target.
 * A constructor in the test binary does: it runs when the binary loads. */
#include "test_log_start.h"

__attribute__((constructor)) static void start_logging(void) { plugboard_tests_start_logging(); }
