/** The product's name is a brand: it is not translated. */
export const PRODUCT_NAME = "Vote Monitor";
