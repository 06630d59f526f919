// Runs libFuzzer on `fuzz` with the command line's options (see Fuzz/README.md).
import FuzzSupport
import Glibc

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzz))
