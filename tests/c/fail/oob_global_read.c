/* Indexes a global table with an unchecked month number. */
#include <stdio.h>
#include <stdlib.h>

static const int days_in_month[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

int main(int argc, char **argv)
{
    int month = argc > 1 ? atoi(argv[1]) : 12;
    printf("month %d\n", month);
    int days = days_in_month[month]; // ~ERROR out-of-bounds
    printf("%d days\n", days);
    return 0;
}
