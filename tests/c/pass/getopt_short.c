/* getopt with glibc's argument permutation, messages and globals. The option string
   is argv[1]; the rest of argv is parsed. opterr is turned off by a leading "q". */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        return 2;
    }
    const char *opts = argv[1];
    if (opts[0] == 'q') {
        opterr = 0;
        opts++;
    }
    printf("start optind=%d opterr=%d optopt=%d\n", optind, opterr, optopt);
    /* Parse argv[1..] as if argv[1] were the program name. */
    int n = argc - 1;
    char **v = argv + 1;
    int c;
    while ((c = getopt(n, v, opts)) != -1) {
        switch (c) {
        case '?':
            printf("? optopt=%c optind=%d\n", optopt, optind);
            break;
        case ':':
            printf(": optopt=%c optind=%d\n", optopt, optind);
            break;
        case 1:
            printf("nonoption %s optind=%d\n", optarg, optind);
            break;
        default:
            printf("-%c arg=%s optind=%d\n", c, optarg ? optarg : "(none)", optind);
        }
    }
    printf("end optind=%d\n", optind);
    for (int i = 0; i < n; i++) {
        printf("argv[%d]=%s\n", i, v[i]);
    }
    for (int i = optind; i < n; i++) {
        printf("operand %s\n", v[i]);
    }
    /* A second scan after resetting optind to 0 re-initialises glibc's state. */
    optind = 0;
    int count = 0;
    while (getopt(n, v, opts) != -1) {
        count++;
    }
    printf("rescan %d optind=%d\n", count, optind);
    return 0;
}
