#!/usr/bin/env bash
# Prints every benchmark number of the platform in one run on this machine.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null 2>&1 || { echo "Instalando wrk…"; apt-get install -y -qq wrk >/dev/null 2>&1 || true; }
echo "== Render (QuickJS y V8 embebidos vs Node.js, mismo paquete) =="
cargo bench --quiet --bench ssr
echo
echo "== Servidor =="
cargo bench --quiet --bench server
echo
echo "== SSR con carga frente a Node.js (A4 de 150 líneas y /admin, wrk con 32 conexiones) =="
cargo bench --quiet --bench ssr_load
echo
echo "== Comprobantes electrónicos del SRI =="
cargo bench --quiet --bench sri
echo
echo "== Inventario (100.000 productos) =="
cargo bench --quiet --bench inventory
echo
echo "== Caja =="
cargo bench --quiet --bench cash
echo
echo "== Ventas (notas de venta por HTTP, 8 terminales) =="
cargo bench --quiet --bench sales
echo
echo "== Reportes (ventas por producto sobre 100.000 ventas de 5 líneas) =="
cargo bench --quiet --bench reports
echo
echo "== Facturación electrónica (200 facturas hasta AUTORIZADO, RIDE A4 con caché vs Node.js) =="
cargo bench --quiet --bench ebilling
echo
echo "== Restaurante (50 pantallas de cocina por SSE, 20 órdenes/s; dos servidores con BENCH_DATABASE_URL) =="
cargo bench --quiet --bench restaurant_events
echo
echo "== Muchas tiendas en una base (50 tiendas, 8 terminales; uno y dos servidores con BENCH_DATABASE_URL) =="
cargo bench --quiet --bench shops
