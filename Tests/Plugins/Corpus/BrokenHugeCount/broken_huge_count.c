/* BrokenHugeCount — breaks screen.h's factory `count` ("number of screen plugins"): it returns
 * 4294967295 while only index 0 has a descriptor (every other index gives NULL).
 * Expected: implausible count / NULL descriptor below count reported, nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_huge_count"
#define CORPUS_PLUGIN_NAME "Broken Huge Count"
#define CORPUS_DESCRIPTION "the factory count is 4294967295"
#define CORPUS_FACTORY_COUNT 4294967295u
#include "../Common/corpus_screen.h"
