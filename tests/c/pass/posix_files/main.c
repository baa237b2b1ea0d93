/* stat, lstat, fstat, access and unlink on the run's files (the folder's data files
   are staged in the working directory), signal and raise, setlocale and localeconv
   in the "C" locale. */
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
    caught = sig;
    printf("handler got %d\n", sig);
}

static void show(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        printf("stat %s: %s\n", path, strerror(errno));
        return;
    }
    printf("stat %s: size %ld reg %d dir %d\n", path, (long)st.st_size, S_ISREG(st.st_mode) != 0,
           S_ISDIR(st.st_mode) != 0);
}

int main(int argc, char **argv)
{
    show("data.txt");
    show(".");
    show("./data.txt/x");
    show("nothing.txt");
    FILE *f = fopen("made.txt", "w");
    fputs("twelve bytes", f);
    fclose(f);
    show("made.txt");
    printf("access %d %d %d\n", access("data.txt", R_OK), access("data.txt", F_OK | W_OK),
           access("nothing.txt", F_OK));
    printf("errno %s\n", strerror(errno));
    printf("unlink %d\n", unlink("made.txt"));
    show("made.txt");
    printf("unlink again %d %s\n", unlink("made.txt"), strerror(errno));
    struct stat st;
    int r = fstat(1, &st);
    printf("fstat(1) %d fifo %d\n", r, S_ISFIFO(st.st_mode) != 0);
    printf("fstat(7) %d %s\n", fstat(7, &st), strerror(errno));

    printf("setlocale query %s\n", setlocale(LC_ALL, NULL));
    printf("setlocale C %s\n", setlocale(LC_ALL, "C"));
    printf("setlocale env %s\n", setlocale(LC_NUMERIC, ""));
    struct lconv *lc = localeconv();
    printf("decimal '%s' thousands '%s' grouping '%s' frac %d\n", lc->decimal_point,
           lc->thousands_sep, lc->grouping, lc->frac_digits);

    printf("signal previous is SIG_DFL %d\n", signal(SIGUSR1, on_signal) == SIG_DFL);
    printf("raise %d caught %d\n", raise(SIGUSR1), (int)caught);
    printf("handler kept %d\n", signal(SIGUSR1, SIG_IGN) == on_signal);
    printf("ignored raise %d\n", raise(SIGUSR1));
    printf("SIGKILL %d\n", signal(SIGKILL, on_signal) == SIG_ERR);
    fflush(stdout);
    if (argc > 1) {
        printf("this line is lost: stdout is a pipe and SIGTERM kills\n");
        raise(SIGTERM);
    }
    (void)argv;
    return 0;
}
