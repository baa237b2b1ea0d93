/* cfgcheck FILE: checks every setting of a configuration file against its limits. */
#include <stdio.h>
#include "settings.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cfgcheck FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    char line[256];
    int settings = 0, errors = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        char *key, *value;
        lineno++;
        int r = parse_line(line, &key, &value);
        if (r == 0)
            continue;
        if (r < 0) {
            printf("line %d: no '='\n", lineno);
            errors++;
            continue;
        }
        settings++;
        long v;
        if (parse_value(value, &v) < 0) {
            printf("%s: not a number: %s\n", key, value);
            errors++;
            continue;
        }
        const struct limit *lim = 0;
        switch (check_setting(key, v, &lim)) {
        case 0:
            printf("%s = %ld: ok\n", key, v);
            break;
        case 1:
            printf("%s = %ld: out of range [%ld, %ld]\n", key, v, lim->min, lim->max);
            errors++;
            break;
        default:
            printf("%s: unknown setting\n", key);
            errors++;
        }
    }
    fclose(f);
    printf("%d settings, %d errors\n", settings, errors);
    return errors != 0;
}
