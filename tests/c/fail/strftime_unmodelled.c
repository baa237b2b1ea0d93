/* A week number: strftime's %U is not modelled, a located limit of regcause. */
#include <stdio.h>
#include <time.h>

int main(void)
{
    time_t t = 1700000000;
    char buf[32];
    strftime(buf, sizeof buf, "week %U", gmtime(&t)); // ~ERROR unsupported
    puts(buf);
    return 0;
}
