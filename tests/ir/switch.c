/* switch with fall-through, default in the middle and break. */
int classify(int c) {
    int r = 0;
    switch (c) {
    case 1:
        r += 1;
    case 2:
        r += 2;
        break;
    default:
        r = -1;
        break;
    case 7:
        r = 7;
    }
    return r;
}
int main(void) { return classify(1) + classify(7) + classify(9); }
