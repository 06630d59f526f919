/* BrokenIgnoresCustomization — breaks nav_bar.h's customize_for_screen ("apply its bar model"):
 * it ignores the customization helper: always a white bar (0xFFFFFFFF), a black title
 * (0xFF000000), the title always shown and the logo never. Expected: customization not applied
 * (background, title colour, presentation style), nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_ignores_customization"
#define CORPUS_PLUGIN_NAME "Broken Ignores Customization"
#define CORPUS_DESCRIPTION "customize_for_screen ignores the model"
#define CORPUS_FIXED_APPEARANCE 1
#include "../Common/corpus_bar.h"
