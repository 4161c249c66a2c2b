declare module 'svg-to-pdfkit' {
  /** Draws an SVG document onto a PDFKit page (svg-to-pdfkit ships no types). */
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: { width?: number; height?: number; preserveAspectRatio?: string; assumePt?: boolean },
  ): void;
}
