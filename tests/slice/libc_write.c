/* Potential dependence through a library function that writes memory: the side not
   taken overwrites buf with strcpy. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char buf[16] = "none";
    int x;
    if (scanf("%d", &x) != 1)
        return 1;
    if (x > 5)
        strcpy(buf, "big");
    printf("%s\n", buf);
    return 0;
}
