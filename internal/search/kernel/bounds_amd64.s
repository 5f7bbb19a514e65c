#include "textflag.h"

// The two kernels share their arguments' registers, their walk over the rows (four at a time, then one)
// and what they make of a row's exact integer sum; they differ in how they sum a row's bytes, and in the
// query bytes they take (VNNI's: a component + 128; AVX2's: a seven-bit one + 64, see boundRowsAVX2).

// ARGS loads the arguments of func(m []int8, q []uint8, bias []int32, scale []float32, out []float32,
// mul, add float32, stride int), all but bias: rows from SI, query from DI (CX bytes), scale from R13, out
// to DX (BX rows), mul and add in X6 and X7, the stride in R12.
#define ARGS \
	MOVQ m_base+0(FP), SI; \
	MOVQ q_base+24(FP), DI; \
	MOVQ q_len+32(FP), CX; \
	MOVQ scale_base+72(FP), R13; \
	MOVQ out_base+96(FP), DX; \
	MOVQ out_len+104(FP), BX; \
	VBROADCASTSS mul+120(FP), X6; \
	VBROADCASTSS add+124(FP), X7; \
	MOVQ stride+128(FP), R12

// START4 points R9, R10, R11 at the three rows after SI's and zeroes their sums (Y0–Y3) and the offset AX.
#define START4 \
	LEAQ (SI)(R12*1), R9; \
	LEAQ (R9)(R12*1), R10; \
	LEAQ (R10)(R12*1), R11; \
	VPXOR Y0, Y0, Y0; \
	VPXOR Y1, Y1, Y1; \
	VPXOR Y2, Y2, Y2; \
	VPXOR Y3, Y3, Y3; \
	XORQ AX, AX

// SUM4 adds each of Y0–Y3's lanes into X0: [row 0, row 1, row 2, row 3].
#define SUM4 \
	VPHADDD      Y1, Y0, Y0; \
	VPHADDD      Y3, Y2, Y2; \
	VPHADDD      Y2, Y0, Y0; \
	VEXTRACTI128 $1, Y0, X5; \
	VPADDD       X5, X0, X0

// STORE4 writes four rows' out from their integer sums in X0 and moves on past them.
#define STORE4 \
	VCVTDQ2PS X0, X0; \
	VMULPS    (R13), X0, X0; \
	VMULPS    X6, X0, X0; \
	VADDPS    X7, X0, X0; \
	VMOVUPS   X0, (DX); \
	LEAQ      (R11)(R12*1), SI; \
	ADDQ      $16, R13; \
	ADDQ      $16, DX; \
	SUBQ      $4, BX

// SUM1 adds Y0's lanes into X0's first.
#define SUM1 \
	VEXTRACTI128 $1, Y0, X5; \
	VPADDD       X5, X0, X0; \
	VPHADDD      X0, X0, X0; \
	VPHADDD      X0, X0, X0

// SCALE1 makes X0's first lane, a row's integer sum less its bias, the row's out: times its scale (at
// scale), mul and add, as the Go reference rounds them.
#define SCALE1(scale) \
	VCVTDQ2PS X0, X0; \
	VMULSS    scale, X0, X0; \
	VMULSS    X6, X0, X0; \
	VADDSS    X7, X0, X0

// STORE1 writes one row's out from its integer sum in X0 and moves on past it.
#define STORE1 \
	SCALE1((R13)); \
	VMOVSS    X0, (DX); \
	ADDQ      R12, SI; \
	ADDQ      $4, R13; \
	ADDQ      $4, DX; \
	DECQ      BX

// func boundRowsVNNI(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride int)
// Per row r of m (len(q) bytes, a multiple of 32, from byte r × stride): out[r] = float32(Σ q·m[r] −
// bias[r]) × scale[r] × mul + add; the sums are exact (VPDPBUSD: unsigned
// query bytes times signed row bytes, four products to a lane), four rows at a time sharing the query's
// loads.
TEXT ·boundRowsVNNI(SB), NOSPLIT, $0-136
	ARGS
	MOVQ bias_base+48(FP), R8

rows4:
	CMPQ BX, $4
	JLT  rows1
	START4

loop4:
	VMOVDQU  (DI)(AX*1), Y4
	VPDPBUSD (SI)(AX*1), Y4, Y0
	VPDPBUSD (R9)(AX*1), Y4, Y1
	VPDPBUSD (R10)(AX*1), Y4, Y2
	VPDPBUSD (R11)(AX*1), Y4, Y3
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  loop4
	SUM4
	VPSUBD (R8), X0, X0
	ADDQ   $16, R8
	STORE4
	JMP    rows4

rows1:
	TESTQ BX, BX
	JZ    done
	VPXOR Y0, Y0, Y0
	XORQ  AX, AX

loop1:
	VMOVDQU  (DI)(AX*1), Y4
	VPDPBUSD (SI)(AX*1), Y4, Y0
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  loop1
	SUM1
	VMOVD  (R8), X5
	VPSUBD X5, X0, X0
	ADDQ   $4, R8
	STORE1
	JMP    rows1

done:
	VZEROUPPER
	RET

// DATA for boundRowsAVX2: words of 1 (to add VPMADDUBSW's pairs into dwords).
DATA oneWords<>+0(SB)/8, $0x0001000100010001
DATA oneWords<>+8(SB)/8, $0x0001000100010001
DATA oneWords<>+16(SB)/8, $0x0001000100010001
DATA oneWords<>+24(SB)/8, $0x0001000100010001
GLOBL oneWords<>(SB), RODATA|NOPTR, $32

// MADD32 adds into sum the products of the query's 32 bytes in Y4 with the row's bytes at row, in tmp:
// pairs into words (VPMADDUBSW), words into dwords (VPMADDWD by ones).
#define MADD32(row, sum, tmp) \
	VMOVDQU    row, tmp; \
	VPMADDUBSW tmp, Y4, tmp; \
	VPMADDWD   Y14, tmp, tmp; \
	VPADDD     tmp, sum, sum

// TAIL4 sums, into X10's four dwords, the products of the query's four tail bytes (in each dword of X8)
// with the four bytes at AX of each of the four rows.
#define TAIL4 \
	VMOVD      (SI)(AX*1), X10; \
	VPINSRD    $1, (R9)(AX*1), X10, X10; \
	VPINSRD    $2, (R10)(AX*1), X10, X10; \
	VPINSRD    $3, (R11)(AX*1), X10, X10; \
	VPMADDUBSW X10, X8, X10; \
	VPMADDWD   X14, X10, X10

// func boundRowsAVX2(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride int)
// boundRowsVNNI's arithmetic with AVX2 alone, for a query of seven-bit bytes (q = k + 64, |k| ≤ 63): per 32
// bytes, the query's bytes times the row's (VPMADDUBSW: a pair of products is at most 2·127·127, so no word
// saturates), pairs of words added into dwords (VPMADDWD by ones); a row's sum less half its bias (64
// times the sum of its components, where VNNI's 8-bit query takes 128). Four rows at a time share the
// query's loads. When the stride is longer than len(q), a row's 4 bytes past len(q) (and the query's) are
// its tail, summed for four rows in one 128-bit step (TAIL4) rather than in another 32 bytes a row.
TEXT ·boundRowsAVX2(SB), NOSPLIT, $0-136
	ARGS
	MOVQ    bias_base+48(FP), R14
	VMOVDQU oneWords<>(SB), Y14
	XORQ    R8, R8
	CMPQ    R12, CX
	JLE     rows4
	MOVQ    $1, R8 // a tail: the query's tail bytes in each dword of X8
	VPBROADCASTD (DI)(CX*1), X8

rows4:
	CMPQ BX, $4
	JLT  rows1
	START4

loop4:
	VMOVDQU (DI)(AX*1), Y4
	MADD32((SI)(AX*1), Y0, Y10)
	MADD32((R9)(AX*1), Y1, Y11)
	MADD32((R10)(AX*1), Y2, Y10)
	MADD32((R11)(AX*1), Y3, Y11)
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  loop4
	SUM4
	TESTQ R8, R8
	JZ    bias4
	TAIL4
	VPADDD X10, X0, X0

bias4:
	VMOVDQU (R14), X5
	VPSRAD  $1, X5, X5
	VPSUBD  X5, X0, X0
	ADDQ    $16, R14
	STORE4
	JMP     rows4

rows1:
	TESTQ BX, BX
	JZ    done
	VPXOR Y0, Y0, Y0
	XORQ  AX, AX

loop1:
	VMOVDQU (DI)(AX*1), Y4
	MADD32((SI)(AX*1), Y0, Y10)
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  loop1
	SUM1
	TESTQ R8, R8
	JZ    bias1
	VMOVD      (SI)(AX*1), X10
	VPMADDUBSW X10, X8, X10
	VPMADDWD   X14, X10, X10
	VPADDD     X10, X0, X0

bias1:
	VMOVD  (R14), X5
	VPSRAD $1, X5, X5
	VPSUBD X5, X0, X0
	ADDQ   $4, R14
	STORE1
	JMP    rows1

done:
	VZEROUPPER
	RET

// func boundRowsAtVNNI(m []int8, q []uint8, bias []int32, scale []float32, out []float32, rows []int32, mul, add float32, stride int)
// boundRowsVNNI's arithmetic for the rows of m listed in rows, one at a time, each written at its own index
// of out (and its bias and scale read at it).
TEXT ·boundRowsAtVNNI(SB), NOSPLIT, $0-160
	MOVQ         m_base+0(FP), SI
	MOVQ         q_base+24(FP), DI
	MOVQ         q_len+32(FP), CX
	MOVQ         bias_base+48(FP), R8
	MOVQ         scale_base+72(FP), R13
	MOVQ         out_base+96(FP), DX
	MOVQ         rows_base+120(FP), R14
	MOVQ         rows_len+128(FP), BX
	VBROADCASTSS mul+144(FP), X6
	VBROADCASTSS add+148(FP), X7
	MOVQ         stride+152(FP), R12

next:
	TESTQ   BX, BX
	JZ      gathered
	MOVLQSX (R14), R10
	MOVQ    R10, R9
	IMULQ   R12, R9
	ADDQ    SI, R9
	VPXOR   Y0, Y0, Y0
	XORQ    AX, AX

loop:
	VMOVDQU  (DI)(AX*1), Y4
	VPDPBUSD (R9)(AX*1), Y4, Y0
	ADDQ     $32, AX
	CMPQ     AX, CX
	JLT      loop
	SUM1
	VMOVD   (R8)(R10*4), X5
	VPSUBD  X5, X0, X0
	SCALE1((R13)(R10*4))
	VMOVSS  X0, (DX)(R10*4)
	ADDQ      $4, R14
	DECQ      BX
	JMP       next

gathered:
	VZEROUPPER
	RET
