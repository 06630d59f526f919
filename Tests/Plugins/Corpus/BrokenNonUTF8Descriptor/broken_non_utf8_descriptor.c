/* BrokenNonUTF8Descriptor — breaks plugboard.h's "Strings are UTF-8": the descriptor's `name` is
 * "Broken \xff\xfe name" (invalid UTF-8); everything else is valid (the views show a valid name).
 * Expected: invalid UTF-8 in the descriptor name reported, nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_non_utf8_descriptor"
#define CORPUS_PLUGIN_NAME "Broken Non-UTF-8 Descriptor"
#define CORPUS_DESCRIPTOR_NAME "Broken \xff\xfe name"
#define CORPUS_DESCRIPTION "the descriptor name is not UTF-8"
#include "../Common/corpus_screen.h"
