package main

const header = `; avrlab task: p192-scalarmul
; title: P-192 scalar multiplication, co-Z Montgomery ladder, Fermat inversion, product-scanning field multiplication
; compare: ECDH, two scalar multiplications
`
