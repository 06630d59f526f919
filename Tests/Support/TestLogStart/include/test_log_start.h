/* Starts the test process's logging before any test or logger exists (see test_log_start.c). */
#ifndef PLUGBOARD_TEST_LOG_START_H
#define PLUGBOARD_TEST_LOG_START_H

/* Defined in Swift (TestSupport/TestLogs.swift): routes every log line to a file per test. */
void plugboard_tests_start_logging(void);

#endif
