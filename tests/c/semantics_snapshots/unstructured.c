/* goto, break, continue, switch and early returns: unstructured parts, with
   structured pieces kept inside. */
int search(int n, int a[n], int key) {
    int i = 0;
    while (i < n) {
        if (a[i] == key)
            break;
        i++;
    }
    if (i == n)
        return -1;
    int steps = 0;
again:
    steps++;
    if (steps < 10)
        goto again;
    switch (key) {
    case 0:
        i = 1;
        break;
    case 1 ... 3:
        i = 2;
    default:
        i = i + 1;
    }
    for (int j = 0; j < n; j++) {
        if (a[j] < 0)
            continue;
        i += 1;
    }
    return i + steps;
}
