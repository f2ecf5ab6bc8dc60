int main(void)
{
    for (int i = 0; i < 3; i++) {
        if (i == 2)
            return i;
