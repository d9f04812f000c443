// Runs a function in a forked child, so that a crash in it (a library fed hostile input) cannot take
// the calling process down.
#define _GNU_SOURCE
#include "CSystem.h"

#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int tactile_run_isolated(int (*body)(void *), void *context, unsigned timeout_seconds, int *signal_out) {
    *signal_out = 0;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        // The child: no core file; the crash signals and SIGALRM at their default (terminate: no crash
        // handler of the parent's — a sanitizer's, a fuzzer's — runs in the child) and unblocked; then
        // the body.
        struct rlimit none = {0, 0};
        setrlimit(RLIMIT_CORE, &none);
        static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM};
        sigset_t unblocked;
        sigemptyset(&unblocked);
        for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
            signal(fatal[i], SIG_DFL);
            sigaddset(&unblocked, fatal[i]);
        }
        sigprocmask(SIG_UNBLOCK, &unblocked, NULL);
        alarm(timeout_seconds);
        _exit(body(context) & 0xFF);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return -1;
    }
    if (WIFSIGNALED(status)) {
        *signal_out = WTERMSIG(status);
        return -2;
    }
    return WEXITSTATUS(status);
}
