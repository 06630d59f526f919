/* BrokenAcceptsUnknownID — breaks screen.h's factory `create` ("Creates the screen `plugin_id`"):
 * it returns an instance (of its only descriptor) for any plugin id, unknown ones included.
 * Expected: an instance returned for an unknown id reported, nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_accepts_unknown_id"
#define CORPUS_PLUGIN_NAME "Broken Accepts Unknown ID"
#define CORPUS_DESCRIPTION "create answers any plugin id"
#define CORPUS_ACCEPT_ANY_ID 1
#include "../Common/corpus_screen.h"
