/* A bank ledger reading commands from stdin, split over four translation units.
   Commands:
     open OWNER KIND [LIMIT]      KIND: checking | savings | credit
     deposit ID AMT | withdraw ID AMT | transfer FROM TO AMT
     freeze ID | unfreeze ID | monthend RATE_BP FEE
     statement ID | summary [balance|owner|activity|id]
   Exit status: 0 if every command succeeded, 1 if some failed, 2 on a malformed line
   (processing stops there). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger.h"

static int failures;

static void report_status(int lineno, const char *cmd, ledger_status s)
{
    if (s != LEDGER_OK) {
        failures++;
        printf("line %d: %s failed: %s\n", lineno, cmd, ledger_status_text(s));
    }
}

static int need_amount(const char *text, cents_t *out, int lineno)
{
    if (!parse_amount(text, out)) {
        fprintf(stderr, "line %d: bad amount '%s'\n", lineno, text);
        return 0;
    }
    return 1;
}

int main(void)
{
    static ledger l;
    ledger_init(&l);
    char line[128];
    int lineno = 0;
    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        char cmd[16], a[32], b[32], c[32];
        int n = sscanf(line, "%15s %31s %31s %31s", cmd, a, b, c);
        if (n < 1 || cmd[0] == '#')
            continue;
        cents_t amt = 0;
        if (strcmp(cmd, "open") == 0 && n >= 3) {
            account_kind k;
            cents_t limit = 0;
            if (!account_kind_parse(b, &k)) {
                fprintf(stderr, "line %d: unknown account kind '%s'\n", lineno, b);
                return 2;
            }
            if (n == 4 && !need_amount(c, &limit, lineno))
                return 2;
            int id = account_open(&l, a, k, limit);
            if (id < 0)
                report_status(lineno, cmd, LEDGER_FULL);
            else
                printf("opened %d for %s\n", id, a);
        } else if ((strcmp(cmd, "deposit") == 0 || strcmp(cmd, "withdraw") == 0) && n == 3) {
            if (!need_amount(b, &amt, lineno))
                return 2;
            ledger_status s = cmd[0] == 'd' ? ledger_deposit(&l, atoi(a), amt)
                                            : ledger_withdraw(&l, atoi(a), amt);
            report_status(lineno, cmd, s);
        } else if (strcmp(cmd, "transfer") == 0 && n == 4) {
            if (!need_amount(c, &amt, lineno))
                return 2;
            report_status(lineno, cmd, ledger_transfer(&l, atoi(a), atoi(b), amt));
        } else if ((strcmp(cmd, "freeze") == 0 || strcmp(cmd, "unfreeze") == 0) && n == 2) {
            account *acc = account_find(&l, atoi(a));
            if (!acc)
                report_status(lineno, cmd, LEDGER_NO_ACCOUNT);
            else
                acc->frozen = cmd[0] == 'f';
        } else if (strcmp(cmd, "monthend") == 0 && n == 3) {
            cents_t fee;
            if (!need_amount(b, &fee, lineno))
                return 2;
            printf("month end: %d postings\n", ledger_month_end(&l, atoi(a), fee));
        } else if (strcmp(cmd, "statement") == 0 && n == 2) {
            print_statement(&l, atoi(a));
        } else if (strcmp(cmd, "summary") == 0) {
            print_summary(&l, n >= 2 ? a : "id");
        } else {
            fprintf(stderr, "line %d: cannot parse: %s", lineno, line);
            return 2;
        }
    }
    return failures ? 1 : 0;
}
