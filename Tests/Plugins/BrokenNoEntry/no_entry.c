/* BrokenNoEntry — a shared object that forgot to export `plugboard_entry`. */
#include <plugboard.h>

PB_EXPORT int plugboard_entri = 1; /* a typo'd name: the loader must say which symbol is missing */
