import { type ParkingPlace, ParkingPlaceInput } from '@candy/contract/calls/insight';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

/** A number field's text → the schema's value: empty is "unknown" (null). */
const countOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * Changes one of the owner's parking places in the list, in place: name, address, spaces, free
 * spaces, price, and optionally its position moved to the map's centre.
 */
export const PlaceEditor = ({
  place,
  center,
  onDone,
}: {
  place: ParkingPlace;
  center: [number, number];
  onDone: () => void;
}) => {
  const form = useZodForm(ParkingPlaceInput, {
    name: place.name,
    address: place.address,
    lat: place.lat,
    lng: place.lng,
    capacity: place.capacity,
    free: place.free,
    price: place.price,
  });
  const { values, set, errors } = form;
  const [moveHere, setMoveHere] = useState(false);
  const missing = !values.name.trim() ? '名称不能为空' : undefined;

  const save = async () => {
    const body = form.validate();
    if (!body) return;
    await call('parkingPlaceUpdate', {
      params: { id: Number(place.id) },
      body: moveHere ? { ...body, lat: center[0], lng: center[1] } : body,
    });
    toast.success(`已保存停车场「${body.name}」`);
    onDone();
  };

  return (
    <form
      className="parking-place-form"
      data-testid="parking-place-form"
      aria-label={`修改停车场 ${place.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="parking-order-field">
        <span>名称</span>
        <input className="input" value={values.name} onChange={(e) => set('name', e.target.value)} />
      </label>
      <label className="parking-order-field">
        <span>地址</span>
        <input
          className="input"
          value={values.address ?? ''}
          onChange={(e) => set('address', e.target.value)}
          placeholder="地址"
        />
      </label>
      <div className="parking-place-numbers">
        <label className="parking-order-field">
          <span>车位数</span>
          <input
            className="input"
            type="number"
            min="0"
            value={values.capacity ?? ''}
            onChange={(e) => set('capacity', countOf(e.target.value))}
            placeholder="车位"
          />
        </label>
        <label className="parking-order-field">
          <span>空位数</span>
          <input
            className="input"
            type="number"
            min="0"
            value={values.free ?? ''}
            onChange={(e) => set('free', countOf(e.target.value))}
            placeholder="空位"
          />
        </label>
      </div>
      <label className="parking-order-field">
        <span>价格</span>
        <input
          className="input"
          value={values.price ?? ''}
          onChange={(e) => set('price', e.target.value)}
          placeholder="价格，如 5 元/小时"
        />
      </label>
      <label className="parking-place-move">
        <input type="checkbox" checked={moveHere} onChange={(e) => setMoveHere(e.target.checked)} />
        位置移到地图中心
      </label>
      {Object.values(errors).map((message) => (
        <span key={message} className="field-error" role="alert">
          {message}
        </span>
      ))}
      <div className="parking-place-actions">
        <Button type="submit" kind="primary" disabled={Boolean(missing)} disabledReason={missing}>
          保存
        </Button>
        <Button onClick={onDone}>取消</Button>
      </div>
    </form>
  );
};
