// libFuzzer's driver, for fuzz targets that have their own main (SwiftPM renames an executable's
// main, so libFuzzer's main cannot be used). Defined by the runtime that -sanitize=fuzzer links.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
