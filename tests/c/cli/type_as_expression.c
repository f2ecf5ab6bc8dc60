typedef int count_t;

int main(void)
{
    int x = count_t + 1;
    return x;
}
