/* BrokenContentOverBar — breaks ext/placement.h's place_nav_bar ("overlay: over the content"):
 * after adding the bar it brings the screen container in front of it, so with the bar over the
 * content (overlay) the screens hide it. Expected: the content drawn over the bar, nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_content_over_bar"
#define CORPUS_PLUGIN_NAME "Broken Content Over Bar"
#define CORPUS_DESCRIPTION "the screen container covers an overlay bar"
#define CORPUS_ROOT_CONTENT_OVER_BAR 1
#include "../Common/corpus_root.h"
