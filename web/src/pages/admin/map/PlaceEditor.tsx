import { type ParkingPlace, ParkingPlaceInput } from '@candy/contract/calls/insight';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
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
  const t = useT();
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
  const missing = !values.name.trim() ? t('admin.map.place.nameRequired') : undefined;

  const save = async () => {
    const body = form.validate();
    if (!body) return;
    await call('parkingPlaceUpdate', {
      params: { id: Number(place.id) },
      body: moveHere ? { ...body, lat: center[0], lng: center[1] } : body,
    });
    toast.success(t('admin.map.place.saved', { name: body.name }));
    onDone();
  };

  return (
    <form
      className="parking-place-form"
      data-testid="parking-place-form"
      aria-label={t('admin.map.place.editLabel', { name: place.name })}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="parking-order-field">
        <span>{t('admin.map.place.name')}</span>
        <input className="input" value={values.name} onChange={(e) => set('name', e.target.value)} />
      </label>
      <label className="parking-order-field">
        <span>{t('admin.map.place.address')}</span>
        <input
          className="input"
          value={values.address ?? ''}
          onChange={(e) => set('address', e.target.value)}
          placeholder={t('admin.map.place.address')}
        />
      </label>
      <div className="parking-place-numbers">
        <label className="parking-order-field">
          <span>{t('admin.map.place.capacity')}</span>
          <input
            className="input"
            type="number"
            min="0"
            value={values.capacity ?? ''}
            onChange={(e) => set('capacity', countOf(e.target.value))}
            placeholder={t('admin.map.place.capacity.placeholder')}
          />
        </label>
        <label className="parking-order-field">
          <span>{t('admin.map.place.free')}</span>
          <input
            className="input"
            type="number"
            min="0"
            value={values.free ?? ''}
            onChange={(e) => set('free', countOf(e.target.value))}
            placeholder={t('admin.map.place.free.placeholder')}
          />
        </label>
      </div>
      <label className="parking-order-field">
        <span>{t('admin.map.place.price')}</span>
        <input
          className="input"
          value={values.price ?? ''}
          onChange={(e) => set('price', e.target.value)}
          placeholder={t('admin.map.place.price.placeholder')}
        />
      </label>
      <label className="parking-place-move">
        <input type="checkbox" checked={moveHere} onChange={(e) => setMoveHere(e.target.checked)} />
        {t('admin.map.place.moveHere')}
      </label>
      {Object.values(errors).map((message) => (
        <span key={message} className="field-error" role="alert">
          {message}
        </span>
      ))}
      <div className="parking-place-actions">
        <Button type="submit" kind="primary" disabled={Boolean(missing)} disabledReason={missing}>
          {t('admin.map.save')}
        </Button>
        <Button onClick={onDone}>{t('admin.map.cancel')}</Button>
      </div>
    </form>
  );
};
