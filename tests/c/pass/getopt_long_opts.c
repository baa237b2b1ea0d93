/* getopt_long: flags, required and optional arguments, abbreviations, ambiguity,
   `--name=value`, the long index, and glibc's messages. */
#include <getopt.h>
#include <stdio.h>

static int verbose;
static int brief = 7;

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"verbose", no_argument, &verbose, 1},
        {"brief", no_argument, &brief, 0},
        {"output", required_argument, 0, 'o'},
        {"outline", no_argument, 0, 'L'},
        {"level", optional_argument, 0, 'l'},
        {"help", no_argument, 0, 'h'},
        {"hello", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    int c;
    int idx = -1;
    while ((c = getopt_long(argc, argv, "o:l::hv", longopts, &idx)) != -1) {
        switch (c) {
        case 0:
            printf("flag option %s (index %d)\n", longopts[idx].name, idx);
            break;
        case 'o':
        case 'l':
            printf("-%c with %s (index %d)\n", c, optarg ? optarg : "nothing", idx);
            break;
        case '?':
            printf("error, optopt=%d optind=%d\n", optopt, optind);
            break;
        default:
            printf("option %c (index %d)\n", c, idx);
        }
        idx = -1;
    }
    printf("verbose=%d brief=%d optind=%d\n", verbose, brief, optind);
    for (int i = optind; i < argc; i++) {
        printf("operand %s\n", argv[i]);
    }
    return 0;
}
