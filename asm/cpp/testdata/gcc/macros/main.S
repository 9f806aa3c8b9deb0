; object-like and function-like macros
#define X 5
#define F(a,b) a+b
ldi r16, X
F(1, 2) F (3,4) F
F(
1,
2) after
#define G(x) [x]
G
(7) G
next
G
#define Y 9
(Y)
#define S(x) #x
S(hello "w\n" 'c' X)  S( a  +	b ) S()
#define M(a) # a #b a
M(z)
#define P(a,b) a##b
P(r,16) P(X,1) P(,2) P(1,) P(,) P(+,-) P(.,L1) P(<,<) P(0x,1F)
#define AB 7
P(A,B)
#define Q x ## y
Q
#define P2(a) a##2 a
P2(X)
#define R R+1
R
#define A B
#define B A
A B
#define H(x) x H(x)
H(H(1))
#define V(a, ...) a: __VA_ARGS__
V(1,2,3) V(1)
#define E(f, args...) g(f , ## args)
E(a) E(a,b,c)
#define EMPTY
[EMPTY]
#define N() nn
#define O(x) [x]
N() N ( ) N O() O( )
#define MINUS -
-MINUS MINUS- MINUS MINUS
#define OB (1)
#define FB (x) x
OB FB
#define ID(x) x
ID(1
#define Z 2
Z)
#define LDI(r, v) ldi r, v
  LDI(r5, 300)
#define CALL(f) f(X)
CALL(G)
CALL(ID)
#define twice(x) x x
twice(twice(ab))
__LINE__ __FILE__
#define L __LINE__
L
__COUNTER__ __COUNTER__
#ifdef __ASSEMBLER__
asm __ASSEMBLER__
#endif
# comment X here
#foo X
# 12 "foo.S"
#
  # indented X
ldi r16, 'X ; don't X here
ldi r16, X ; it's X
nop ; "open X
.ascii "X 'X'" 'X' X
  #  define IND 8
IND
#define lo(x) ((x) & 0xff)
#define hi(x) (((x) >> 8) & 0xff)
ldi r24, lo(0x1234)
ldi r25, hi(0x1234)
