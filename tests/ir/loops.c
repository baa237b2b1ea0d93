/* for, while and do-while, with break and continue. */
int main(void) {
    int s = 0;
    for (int i = 0; i < 10; i++) {
        if (i == 3)
            continue;
        s += i;
    }
    int j = 5;
    while (j > 0) {
        if (s > 100)
            break;
        s *= 2;
        j--;
    }
    do {
        s--;
    } while (s > 50);
    return s;
}
