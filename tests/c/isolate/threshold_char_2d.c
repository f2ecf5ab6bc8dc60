// ferry-test: isolate --label kernel
// ferry-test: run 4 5 => to=40 from=20
// ferry-test: run 8 8 => to=128 from=64
// ferry-test: run 0 3 => to=0 from=0
// 2-D char image thresholded into a char mask under a data-dependent if.
// n, m, th (char): read only, passed by value -> 0; i, j local.
// img: R [0,n-1]x[0,m-1] -> nm bytes.  out: W same box, may -> store nm, load nm.
// to = 2nm, from = nm.  4 5: 40 / 20; 8 8: 128 / 64; 0 3: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    char img[8][8], out[8][8];
    char th = 'k';
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            img[i][j] = (char)('a' + (i * 5 + j * 3) % 26);
            out[i][j] = '.';
        }
kernel:
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            if (img[i][j] > th)
                out[i][j] = '#';
    for (int i = 0; i < 8; i++)
        printf("%.8s %.8s\n", img[i], out[i]);
    return 0;
}
