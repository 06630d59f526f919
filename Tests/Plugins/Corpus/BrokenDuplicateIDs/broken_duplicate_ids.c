/* BrokenDuplicateIDs — breaks plugin.h's "id ... Unique within the library": the screen factory
 * lists two descriptors with the same id (different names). Expected: duplicate descriptor id
 * reported, nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_duplicate_ids"
#define CORPUS_PLUGIN_NAME "Broken Duplicate IDs"
#define CORPUS_SECOND_PLUGIN_ID "broken_duplicate_ids"
#define CORPUS_SECOND_PLUGIN_NAME "Broken Duplicate IDs (second)"
#define CORPUS_DESCRIPTION "two descriptors share one id"
#include "../Common/corpus_screen.h"
