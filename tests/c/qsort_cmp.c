/* qsort and bsearch with comparators over ints, strings and structs, plus
 * a stable multi-key comparison. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct person {
    const char *name;
    int age;
};

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_person(const void *a, const void *b)
{
    const struct person *p = a, *q = b;
    if (p->age != q->age)
        return p->age < q->age ? -1 : 1;
    return strcmp(p->name, q->name);
}

int main(void)
{
    int nums[] = {42, -7, 19, 0, 3, 3, 100, -50, 8};
    size_t n = sizeof nums / sizeof nums[0];
    qsort(nums, n, sizeof nums[0], cmp_int);
    for (size_t i = 0; i < n; i++)
        printf("%d ", nums[i]);
    printf("\n");
    int key = 19;
    int *hit = bsearch(&key, nums, n, sizeof nums[0], cmp_int);
    printf("found at %ld\n", hit ? (long)(hit - nums) : -1L);

    const char *words[] = {"pear", "apple", "fig", "banana", "cherry"};
    qsort(words, 5, sizeof(const char *), cmp_str);
    for (int i = 0; i < 5; i++)
        printf("%s ", words[i]);
    printf("\n");

    struct person people[] = {{"eve", 30}, {"bob", 25}, {"amy", 30}, {"dan", 20}};
    qsort(people, sizeof people / sizeof *people, sizeof *people, cmp_person);
    for (int i = 0; i < 4; i++)
        printf("%s:%d ", people[i].name, people[i].age);
    printf("\n");
    int (*cmp)(const void *, const void *) = &cmp_int;
    int two[2] = {5, 1};
    qsort(two, 2, sizeof(int), cmp);
    printf("%d %d\n", two[0], two[1]);
    return 0;
}
