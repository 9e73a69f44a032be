/**
 * iFood's documented shapes (Merchant API: events polling, order details), with no imports: the
 * fake (test/fakes/ifood.ts), the e2e and the bench read them without the server's modules.
 */
export interface IfoodEvento {
  id: string;
  code: string;
  fullCode?: string;
  orderId: string;
  merchantId: string;
  createdAt: string;
}

export interface IfoodOpcao {
  id?: string;
  name: string;
  externalCode?: string | null;
  quantity: number;
  unitPrice: number;
  price: number;
  groupName?: string;
}
export interface IfoodItem {
  id?: string;
  name: string;
  externalCode?: string | null;
  quantity: number;
  unitPrice: number;
  optionsPrice?: number;
  totalPrice: number;
  observations?: string | null;
  options?: IfoodOpcao[] | null;
}
export interface IfoodPedido {
  id: string;
  displayId: string;
  orderType: 'DELIVERY' | 'TAKEOUT' | 'INDOOR' | string;
  orderTiming?: 'IMMEDIATE' | 'SCHEDULED' | string;
  createdAt: string;
  merchant: { id: string; name?: string };
  customer?: { name?: string; phone?: { number?: string | null } | null } | null;
  items: IfoodItem[];
  total: {
    subTotal: number;
    deliveryFee?: number;
    benefits?: number;
    additionalFees?: number;
    orderAmount: number;
  };
  payments?: {
    prepaid?: number;
    pending?: number;
    methods?: {
      value: number;
      method: string;
      type: 'ONLINE' | 'OFFLINE' | string;
      cash?: { changeFor?: number } | null;
      card?: { brand?: string } | null;
    }[];
  } | null;
  delivery?: {
    deliveredBy?: string;
    deliveryAddress?: {
      streetName?: string;
      streetNumber?: string;
      formattedAddress?: string;
      neighborhood?: string;
      complement?: string | null;
      reference?: string | null;
      postalCode?: string;
      city?: string;
      state?: string;
    };
  } | null;
  schedule?: { deliveryDateTimeStart?: string } | null;
  extraInfo?: string | null;
}
