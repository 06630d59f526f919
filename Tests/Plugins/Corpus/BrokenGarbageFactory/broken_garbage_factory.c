/* BrokenGarbageFactory — breaks entry.h's `get_factory` (a factory of the asked kind, or NULL):
 * it returns an address no factory lives at. Expected: the host dies reading the factory, during
 * get_factory's answer for the library. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_garbage_factory"
#define CORPUS_PLUGIN_NAME "Broken Garbage Factory"
#define CORPUS_DESCRIPTION "get_factory returns a wild pointer"
#define CORPUS_FACTORY_POINTER ((const void *)16)
#include "../Common/corpus_screen.h"
