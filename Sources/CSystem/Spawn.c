#define _GNU_SOURCE
#include "CSystem.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* The child side: only async-signal-safe calls between fork and exec. Reports errno on `report`. */
static void tactile_spawn_child(const char *file, char *const argv[], char *const envp[],
                                const char *output_path, int new_group, int stop_with_thread, pid_t parent,
                                int report) {
    if (new_group) setpgid(0, 0);
    if (stop_with_thread) {
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent) _exit(127); /* the parent died before prctl took effect */
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int number = 1; number < NSIG; number++) signal(number, SIG_DFL);
    if (output_path) {
        int out = open(output_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0) goto failed;
        if (out > 2) close(out);
    }
    execvpe(file, argv, envp);
failed:;
    int error = errno;
    (void)!write(report, &error, sizeof error);
    _exit(127);
}

int tactile_spawn(const char *file, char *const argv[], char *const envp[], const char *output_path,
                  int new_group, int stop_with_thread) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return -1;
    pid_t parent = getpid();
    pid_t child = fork();
    if (child == 0) tactile_spawn_child(file, argv, envp, output_path, new_group, stop_with_thread, parent, report[1]);
    close(report[1]);
    if (child < 0) {
        close(report[0]);
        return -1;
    }
    if (new_group) setpgid(child, child); /* either side may run first: both set it */
    int error = 0;
    ssize_t got;
    do got = read(report[0], &error, sizeof error); while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof error) {
        waitpid(child, NULL, 0);
        errno = error;
        return -1;
    }
    return child;
}
