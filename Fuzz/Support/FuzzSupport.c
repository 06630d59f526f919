// Empty: FuzzSupport only declares libFuzzer's driver (include/FuzzSupport.h).
