/* BrokenLeaksViews — breaks screen.h's `destroy` ("releases everything the instance holds"):
 * destroy frees its memory but releases none of its 3 views (root, label, button).
 * Expected: 3 views still owned after destroy (leaked views), nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_leaks_views"
#define CORPUS_PLUGIN_NAME "Broken Leaks Views"
#define CORPUS_DESCRIPTION "destroy releases none of its views"
#define CORPUS_RELEASE_VIEWS_ON_DESTROY 0
#include "../Common/corpus_screen.h"
